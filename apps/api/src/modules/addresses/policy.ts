/**
 * Who may check addresses (docs/permissions.md "addresses.validate"): the roles that book visits, for
 * the clients of their scope; the scope itself is the clients module's (`clientInScope`), so a client
 * outside it is UNKNOWN_USER_ID, never "forbidden".
 */
export { clientInScope as clientToCheck } from '../clients/index.ts';
