// The shop's tools. `chargeCard` has a side effect that must happen once per order: it appends a line to the ledger
// file each time it executes, so a test (or you) can count executions after a crash.
import { appendFileSync } from 'node:fs';
import { tool, type Integer } from '@toolwright/core';

export interface Order {
  orderId: string;
  item: string;
  amountCents: Integer;
  status: 'open' | 'paid';
}

const ITEMS = ['espresso machine', 'coffee grinder', 'milk jug', 'tamper', 'descaler'];

export class ShopService {
  /** @param ledger The file each charge is appended to. */
  constructor(private readonly ledger: string) {}

  /**
   * Looks up an order: what it holds and what it costs.
   * @param orderId The order's id, e.g. "order-17".
   */
  @tool()
  lookupOrder(orderId: string): Order {
    // A made-up but stable catalogue: the same order always has the same item and price.
    let hash = 0;
    for (const char of orderId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
    return { orderId, item: ITEMS[hash % ITEMS.length]!, amountCents: 500 + (hash % 20_000), status: 'open' };
  }

  /**
   * Charges the customer's card for an order. Charges for real: call it once per order.
   * @param orderId The order to charge.
   * @param amountCents The amount in cents, as lookupOrder gave it.
   * @minimum amountCents 1
   */
  @tool()
  chargeCard(orderId: string, amountCents: Integer): { charged: true; orderId: string; amountCents: number } {
    appendFileSync(this.ledger, `${orderId} ${amountCents}\n`);
    return { charged: true, orderId, amountCents };
  }
}
