import { Transform } from 'node:stream';
import { UPLOAD_MESSAGES } from '../../../../shared/forms/uploads.ts';
import { BodyProblem } from './problems.ts';
import type { UploadQuota, UploadRefusal } from './uploadBudget.ts';

/** Why a request's files were refused by the budgets, and beside which field. */
export interface BudgetRefusal {
  readonly refusal: UploadRefusal;
  readonly field: string;
}

export type RequestBudget = ReturnType<typeof requestBudget>;

/** A request's files held against the budgets chunk by chunk before writing (decision 039); a chunk not held refuses the request. */
export function requestBudget(quota: UploadQuota, firstWant: number) {
  let held = 0;
  let used = 0;
  let asked = false;
  let queue: Promise<unknown> = Promise.resolve();
  const state: { refused?: BudgetRefusal; failure?: Error } = {};
  const take = async (bytes: number, field: string): Promise<boolean> => {
    if (state.refused !== undefined || state.failure !== undefined) return false;
    if (used + bytes > held) {
      const answer = await quota.hold(asked ? used + bytes - held : Math.max(firstWant, bytes));
      asked = true;
      held += answer.granted;
      if (used + bytes > held) {
        state.refused = { refusal: answer.refusal ?? 'quota', field };
        return false;
      }
    }
    used += bytes;
    return true;
  };
  return {
    state,
    /** A pass-through for one file's bytes that lets through only what the budgets hold. */
    meter(field: string): Transform {
      return new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          const turn = queue.then(() => take(chunk.length, field));
          queue = turn.catch((error: unknown) => {
            // An unreachable database: the chunk is dropped and the error thrown once the body is read.
            state.failure ??= error instanceof Error ? error : new Error(String(error));
          });
          turn.then(
            (kept) => callback(null, kept ? chunk : undefined),
            () => callback(),
          );
        },
      });
    },
  };
}

/** 429 for the client's own budget, 507 for the site's space (uploadBudget.ts). */
export function budgetProblem({ refusal, field }: BudgetRefusal): BodyProblem {
  return refusal === 'client budget'
    ? new BodyProblem(429, { [field]: UPLOAD_MESSAGES.clientBudget })
    : new BodyProblem(507, { [field]: UPLOAD_MESSAGES.quota });
}
