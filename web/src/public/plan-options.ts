/**
 * The sign-up's plan list (GET /plans/list, spec 2 §3: id, name, users, connections, queues, value):
 * one option per plan naming its price and limits, and the plan a landing page button asked for.
 */
import { NO_QUEUE_CAP } from '../../../shared/offered-plans';
import type { PublicPlan } from '../api/plans';
import type { Language } from '../i18n/language';
import { format, type Texts } from '../i18n/texts';
import { formatBrl } from './prices';
import type { signUpTexts } from './signup-texts';

export type { PublicPlan };

type SignUpTexts = Texts<typeof signUpTexts.pt>;

const counted = (count: number, one: string, many: string): string => (count === 1 ? one : format(many, { count }));

export function planOptionLabel(plan: PublicPlan, texts: SignUpTexts, language: Language): string {
  return format(texts.planOption, {
    name: plan.name,
    price: formatBrl(plan.value, language),
    users: counted(plan.users, texts.usersOne, texts.usersMany),
    connections: counted(plan.connections, texts.connectionsOne, texts.connectionsMany),
    // A plan without a queue cap stores the largest limit (shared/offered-plans.ts).
    queues: plan.queues >= NO_QUEUE_CAP ? texts.queuesUnlimited : counted(plan.queues, texts.queuesOne, texts.queuesMany),
  });
}

/**
 * The id of the plan named in the address (`/signup?plan=Team`, from the landing's plan buttons),
 * matched by name regardless of case; '' when there is no such plan, so the user picks one (the page
 * says the plan is not available).
 */
export function planIdNamed(plans: readonly PublicPlan[], name: string | null): string {
  const wanted = name?.trim().toLocaleLowerCase();
  if (!wanted) return '';
  return plans.find((plan) => plan.name.trim().toLocaleLowerCase() === wanted)?.id ?? '';
}
