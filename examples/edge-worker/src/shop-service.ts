import { tool, type Integer } from '@toolwright/core';

export interface Address {
  street: string;
  city: string;
  /** ISO 3166-1 alpha-2, e.g. "DE". */
  country: string;
}

export interface CartLine {
  sku: string;
  quantity: Integer;
}

/** A small shop's back office: ten tools, as a typical edge agent binds. */
export class ShopService {
  readonly #stock = new Map<string, number>([
    ['tea-green', 12],
    ['tea-black', 0],
    ['mug', 5],
  ]);

  /**
   * Searches the catalogue.
   * @param query Words to look for.
   * @param limit The most results to return.
   */
  @tool()
  searchProducts(query: string, limit: Integer = 5): string[] {
    return [...this.#stock.keys()].filter((sku) => sku.includes(query.toLowerCase())).slice(0, limit);
  }

  /** How many of an item are in stock. */
  @tool()
  checkStock(sku: string): { sku: string; available: number } {
    return { sku, available: this.#stock.get(sku) ?? 0 };
  }

  /** The price of an item in cents; a bigint, as money should be. */
  @tool()
  priceOf(sku: string, currency: 'EUR' | 'USD' = 'EUR'): { sku: string; cents: bigint; currency: string } {
    return { sku, cents: sku.startsWith('tea') ? 450n : 1200n, currency };
  }

  /** Totals a cart. */
  @tool()
  quoteCart(lines: CartLine[], coupon?: string): { items: number; cents: number } {
    const items = lines.reduce((sum, line) => sum + line.quantity, 0);
    return { items, cents: items * (coupon === 'WELCOME10' ? 405 : 450) };
  }

  /**
   * Books a delivery slot.
   * @param when The start of the slot.
   */
  @tool()
  bookDelivery(when: Date, address: Address): { confirmed: boolean; weekday: number; city: string } {
    return { confirmed: true, weekday: when.getUTCDay(), city: address.city };
  }

  /** The status of an order. */
  @tool()
  orderStatus(orderId: string): { orderId: string; status: 'packed' | 'shipped' | 'delivered' } {
    return { orderId, status: orderId.endsWith('7') ? 'shipped' : 'packed' };
  }

  /**
   * Starts a return.
   * @param reason Why the customer returns it.
   */
  @tool()
  startReturn(orderId: string, reason: 'damaged' | 'wrong-item' | 'other', note?: string): { returnId: string } {
    return { returnId: `R-${orderId}-${reason}${note ? '-noted' : ''}` };
  }

  /** Subscribes an address to the newsletter. */
  @tool()
  subscribe(email: string, topics: ('offers' | 'news')[] = ['news']): { subscribed: string; topics: string[] } {
    return { subscribed: email, topics };
  }

  /** Opening hours of a store on a day. */
  @tool()
  openingHours(store: string, day: 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun'): string {
    return day === 'sun' ? `${store}: closed` : `${store}: 09:00-18:00`;
  }

  /** Leaves a message for the staff. */
  @tool()
  contactStaff(subject: string, message: string, urgent = false): { ticket: string } {
    return { ticket: `${urgent ? 'U' : 'T'}-${subject.length}-${message.length}` };
  }
}
