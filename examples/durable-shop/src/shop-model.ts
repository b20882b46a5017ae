// The model of the offline worker: a scripted stand-in for Gemini, served by FakeGemini. It reads each request: a
// question names an order, so it looks the order up; with the order it charges the card; with the charge it answers.
import { reply, type FakeRequest, type Reply } from '@toolwright/testing';

export interface ShopModelOptions {
  /** Wait this long before the answer that follows a charge (time to kill the worker mid-run). Default 0. */
  answerDelayMs?: number;
}

const ORDER_ID = /\border-[\w-]+/i;

export function shopModel(options: ShopModelOptions = {}): (request: FakeRequest) => Reply {
  return (request) => {
    const [response] = request.functionResponses;
    if (!response) {
      const orderId = ORDER_ID.exec(request.text)?.[0];
      if (!orderId) return reply.text('Which order should I charge? Give me its id, like order-17.');
      return reply.functionCall('lookupOrder', { orderId }, { id: `lookup-${orderId}` });
    }
    const result = response.response as { output?: Record<string, unknown>; error?: { message?: string } };
    if (!result.output) return reply.text(`That did not work: ${result.error?.message ?? 'no result'}.`);
    if (response.name === 'lookupOrder') {
      const { orderId, amountCents } = result.output as { orderId: string; amountCents: number };
      return reply.functionCall('chargeCard', { orderId, amountCents }, { id: `charge-${orderId}` });
    }
    const { orderId, amountCents } = result.output as { orderId: string; amountCents: number };
    const answer = reply.text(`Charged ${(amountCents / 100).toFixed(2)} for ${orderId}. Thank you for your order!`);
    return options.answerDelayMs ? reply.delay(options.answerDelayMs, answer) : answer;
  };
}
