/** Thrown inside a money transaction to roll it back when the wallet cannot afford the charge. */
export class InsufficientFunds extends Error {
  readonly balanceCents: number;
  constructor(balanceCents: number) {
    super("insufficient funds");
    this.balanceCents = balanceCents;
  }
}
