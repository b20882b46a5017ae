// The shop agent as a Restate virtual object: ShopAgent, keyed by conversation id.
import { Toolbox } from '@toolwright/core';
import { Agent, type AgentClient } from '@toolwright/genai';
import { agentObject } from '@toolwright/restate';
import { ShopService } from './shop-service.js';
import { manifest } from './tools.generated.js';

export const SHOP_INSTRUCTION =
  'You are a shop assistant. To charge an order, look it up first, then charge exactly the amount it shows, once.';

export function shopAgentObject(options: {
  client: AgentClient;
  model: string;
  ledger: string;
  approveCharges?: boolean;
}) {
  const agent = new Agent({
    client: options.client,
    model: options.model,
    tools: new Toolbox([new ShopService(options.ledger)], manifest),
    systemInstruction: SHOP_INSTRUCTION,
    maxTurns: 6,
  });
  // With approvals on, each charge waits (suspended in Restate, no process holding it) for approve or deny.
  return agentObject({ name: 'ShopAgent', agent, ...(options.approveCharges ? { approval: ['chargeCard'] } : {}) });
}
