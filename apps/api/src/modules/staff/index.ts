/** Staff's public surface: what a staff user's account allows with clients and telephony (the clients module scopes by it). */
export { accountSettingsOf, agentOfTelephonyUser } from './accounts.service.ts';
/** The planner: the agents a visit can go to. */
export { fieldAgents, type FieldAgent } from './field-agents.service.ts';
/** What the referral programme reads and writes of users: link owners, whom they referred, applicants. */
export { createAgentApplicantIn, downlineIn, referralUserIn, referredUsersIn, type ReferralUser } from './referrals.service.ts';
