// The weather agent: the WeatherService's tools (bound through the manifest gen-tools wrote) in an Agent.
import { Toolbox } from '@toolwright/core';
import { Agent, type AgentClient, type AgentOptions } from '@toolwright/genai';
import { manifest } from './tools.generated.js';
import { WeatherService } from './weather-service.js';

export const WEATHER_INSTRUCTION = [
  'You are a weather assistant. Use the tools for every figure you give: never guess the weather.',
  'When several places are asked about, call the tools for all of them at once.',
  'Answer in a few short lines, with the temperature unit.',
].join(' ');

/** The service's tools, bound by class identity through the generated manifest. */
export function weatherToolbox(service = new WeatherService()): Toolbox {
  return new Toolbox([service], manifest);
}

export interface WeatherAgentOptions extends Partial<Omit<AgentOptions, 'client' | 'model'>> {
  client: AgentClient;
  model: string;
}

/** An Agent over the weather tools; any Agent option can be added or overridden. */
export function createWeatherAgent(options: WeatherAgentOptions): Agent {
  return new Agent({
    tools: weatherToolbox(),
    systemInstruction: WEATHER_INSTRUCTION,
    maxTurns: 5,
    ...options,
  });
}
