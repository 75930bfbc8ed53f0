/** The live events of contact lists and their items (shared/realtime-events.ts), to the company room. */
import type { CompanyChannels } from '../../../shared/realtime-events';
import { publishToCompany } from '../realtime/publisher';

export const publishContactList = (companyId: string, event: CompanyChannels['ContactList']) =>
  publishToCompany(companyId, 'company', 'ContactList', event);

export const publishContactListItem = (companyId: string, event: CompanyChannels['ContactListItem']) =>
  publishToCompany(companyId, 'company', 'ContactListItem', event);
