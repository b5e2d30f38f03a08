// The refused combinations of the matrix: which command asks each one, and on which project of the array.
import { articleArgs, commentArgs, newFlags } from './commands.js';
import {
  ACCESS_EDITS,
  REFUSALS,
  STEPS,
  STEP_OF,
  breaks,
  type Combination,
  type Factor,
  type Refusal,
  type Step,
} from './factors.js';

/** One refused combination: the command that must refuse it, and the project it runs in (none for `rest new`). */
export interface Probe {
  refusal: Refusal;
  /** The combination asked for: the host's, with the refused values. */
  asked: Combination;
  /** Index of the host in the covering array; its project runs the probe before the step's own command. */
  host: number;
  args: string[];
}

/**
 * For each refusal and each combination of its refused values, a row of the array that can ask it:
 * one whose earlier steps already have the refusal's values, so that only the refused step differs, and
 * which then breaks no other refusal of that step or an earlier one.
 */
export function probes(rows: Combination[]): Probe[] {
  return REFUSALS.flatMap((refusal) =>
    refusedValues(refusal).map((values) => {
      const host = rows.findIndex((row) => hosts(refusal, values, row));
      if (host < 0)
        throw new Error(`no project of the matrix can ask ${JSON.stringify(values)}: add one`);
      const asked = { ...rows[host]!, ...values } as Combination;
      return { refusal, asked, host, args: stepArgs(refusal.step, asked) };
    }),
  );
}

function hosts(refusal: Refusal, values: Partial<Combination>, row: Combination): boolean {
  const asked = { ...row, ...values } as Combination;
  const before = (step: Step) => STEPS.indexOf(step) < STEPS.indexOf(refusal.step);
  const earlierAgree = Object.entries(values).every(
    ([factor, value]) => !before(STEP_OF[factor as Factor]) || row[factor as Factor] === value,
  );
  const upToStep = (other: Refusal) => STEPS.indexOf(other.step) <= STEPS.indexOf(refusal.step);
  const onlyThis = REFUSALS.filter(upToStep).every(
    (other) => other === refusal || !breaks(other, asked),
  );
  return earlierAgree && onlyThis;
}

/** Every combination of the values a refusal names, one per factor. */
function refusedValues(refusal: Refusal): Partial<Combination>[] {
  return Object.entries(refusal.when).reduce<Partial<Combination>[]>(
    (partials, [factor, values]) =>
      partials.flatMap((partial) =>
        (values as readonly string[]).map((value) => ({ ...partial, [factor]: value })),
      ),
    [{}],
  );
}

/** The arguments of the `rest` command that takes `step` for this combination. */
export function stepArgs(step: Step, row: Combination): string[] {
  if (step === 'new') return ['new', 'probe', '--database', row.database, ...newFlags(row)];
  if (step === 'article') return ['api', ...articleArgs(row)];
  if (step === 'comment') return ['api', ...commentArgs(row)];
  return ['api', 'article', '--access', ACCESS_EDITS[row.accessEdit]];
}
