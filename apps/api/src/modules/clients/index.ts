/**
 * What other modules and the app may use of clients: the client in the caller's scope, the changes
 * presentations and services make to a client inside their own transaction, and the live events they
 * announce after their commit.
 */
export { clientInScope, seesAllClients } from './policy.ts';
export { sweepEmailReminders, type RemindersDeps } from './reminders.service.ts';
export {
  addRecallIn,
  insertClientIn,
  setClientStatusIn,
  setResponsibleAgentIn,
  setSubUserIn,
  subUserOfClient,
  updateClientIn,
  updateClientOfEventIn,
} from './record.service.ts';
export { announceClientUpdated, announceNewLead, clientRoomsFor, type ClientsDeps, type Publish } from './live.service.ts';
export { referralLeadFor, type LeadValues } from './referral-leads.service.ts';
export { findClientMatches, MATCHES_LIMIT, type ClientMatch } from './matches.service.ts';
export { findClientMatchesAndRepeats, findClientMatchesInBatches, type ClientMatchRef } from './matches.batch.ts';
export {
  clientSummariesIn,
  insertImportedClientsIn,
  mergeImportIntoClientIn,
  takenContactsIn,
  type ImportedLead,
} from './import-writes.service.ts';
export {
  addPhoneCallIn,
  announceCallRecorded,
  clientNamesIn,
  clientsWithNumberIn,
  lastCalledClientIn,
  type CallerMatch,
  type RecordedCall,
} from './phone-calls.service.ts';
export { clientsPage } from './list.service.ts';
export { householdOf } from './household.service.ts';
/** The referral programme: a lead who signed up through a link, the clients a user referred, the link a booking named. */
export {
  createReferredLeadIn,
  referredClientIn,
  referredClientsIn,
  setReferralOfClientIn,
  type ReferredClientRow,
  type ReferredLead,
} from './referred.service.ts';
