/**
 * What other modules and the app may use of referrals: the owner of a referral link a booking names
 * (the calendar stores the link and credits its owner), and the routes' dependencies.
 */
export { referrerOfLinkIn, type ReferralsDeps } from './service.ts';
