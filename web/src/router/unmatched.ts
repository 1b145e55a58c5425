/** What /404 says about the address that sent the user there (kept in the history entry). */
export interface UnmatchedState {
  from: string;
  /** A page of the product this user's menu does not (or no longer) grant. */
  noPermission: boolean;
}
