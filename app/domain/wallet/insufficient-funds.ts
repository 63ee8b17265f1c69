import type { Cents } from "../pricing/cents.ts";
/** Thrown inside a money transaction to roll it back when the wallet cannot afford the charge. */
export class InsufficientFunds extends Error {
  readonly balanceCents: Cents;
  constructor(balanceCents: Cents) {
    super("insufficient funds");
    this.balanceCents = balanceCents;
  }
}
