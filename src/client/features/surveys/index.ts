/**
 * Surveys (issue 12; docs/api-surveys.md): the bottom-fixed survey prompt of the page chrome
 * (§4), the survey form of the prompt and of /surveys, and the answers call.
 */
export { SurveyPrompt } from './components/survey-prompt';
export { SurveyPage, SurveySuccess, SurveyError } from './components/survey-page';
