import styles from './join-steps.module.css';

/** §2 enrolment: the three steps, named the same way on each of them. */
export const JOIN_STEPS = ['Create your account', 'Link a card', 'Start earning'] as const;
export type JoinStepNumber = 1 | 2 | 3;

/** 'Step 2 of 3: Link a card', the words every joining step shows above its heading. */
export function joinStepLabel(step: JoinStepNumber): string {
  return `Step ${step} of ${JOIN_STEPS.length}: ${JOIN_STEPS[step - 1]}`;
}

/**
 * The joining progress shown on steps 1, 2 and 3: one line of text ('Step 2 of 3: Link a card') and
 * a bar of three segments (decorative; the text says it all). The same component on every step, so
 * the wording and the place never differ from one step to the next.
 */
export function JoinSteps({ step }: { step: JoinStepNumber }) {
  return (
    <div className={styles.steps}>
      <p className={styles.label}>{joinStepLabel(step)}</p>
      <ol className={styles.bar} aria-hidden="true">
        {JOIN_STEPS.map((name, i) => (
          <li key={name} className={i + 1 <= step ? styles.done : undefined} />
        ))}
      </ol>
    </div>
  );
}
