import { useMemo } from 'react';
import { useMutation } from '@tanstack/react-query';
import { readSurveys, type Survey } from '#shared/rules/surveys';
import type { SurveyResponseRequest } from '#shared/schemas/surveys';
import { API_PATHS } from '#shared/api-paths';
import { call } from '#client/lib/api';
import { useContentPage } from '../content';

/** The partner's surveys from the `surveys` content (copy tokens already filled), in content order. */
export function useSurveys(): Survey[] {
  const items = useContentPage('surveys');
  return useMemo(() => readSurveys(items), [items]);
}

/** POST /api/surveys/{surveyId}/responses (anti-forgery header from the api client). */
export function useSubmitSurvey(surveyId: string) {
  return useMutation({
    mutationFn: (body: SurveyResponseRequest) =>
      call(API_PATHS.surveyResponse, { params: { surveyId }, body }),
  });
}
