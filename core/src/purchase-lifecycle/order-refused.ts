// An order the lifecycle will not take, with the Spanish message the buyer reads and the
// HTTP status the api answers with (the api turns it into its error contract).
export class OrderRefused extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 502,
    message: string,
    /** Per field, for the form (`{ quantity: '…' }`). */
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}
