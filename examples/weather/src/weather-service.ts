import { tool, type Integer, type ToolContext } from '@toolwright/core';
import { findStation, STATIONS, type StationReading } from './stations.js';

export type TemperatureUnit = 'celsius' | 'fahrenheit';

/** How serious a weather alert is, from least to most. */
export enum AlertSeverity {
  Advisory = 'advisory',
  Watch = 'watch',
  Warning = 'warning',
}

/** A point on the map. */
export interface Coordinates {
  /** Degrees north (negative: south). @minimum -90 @maximum 90 */
  latitude: number;
  /** Degrees east (negative: west). @minimum -180 @maximum 180 */
  longitude: number;
}

export interface CurrentWeather {
  location: string;
  temperature: number;
  unit: TemperatureUnit;
  conditions: string;
  /** Relative humidity in percent. */
  humidity: number;
}

export interface ForecastDay {
  /** ISO date, e.g. 2025-05-01. */
  date: string;
  high: number;
  low: number;
  conditions: string;
  /** Chance of rain or snow, 0 to 100. */
  precipitationChance: Integer;
}

export interface WeatherAlert {
  location: string;
  severity: AlertSeverity;
  headline: string;
}

const ALERTS: WeatherAlert[] = [
  {
    location: 'Boston, MA',
    severity: AlertSeverity.Advisory,
    headline: 'Small craft advisory in the harbour until 8 PM',
  },
  { location: 'Oslo, Norway', severity: AlertSeverity.Warning, headline: 'Heavy snow: up to 30 cm overnight' },
];

/** Weather readings, forecasts and alerts from a set of stations. */
export class WeatherService {
  constructor(private readonly today: () => Date = () => new Date()) {}

  /**
   * Gets the current weather for a city.
   *
   * Readings come from the nearest station and are at most ten minutes old.
   * @param location City and region, e.g. "Boston, MA".
   * @param unit Temperature unit.
   */
  @tool()
  async getCurrentWeather(location: string, unit: TemperatureUnit = 'celsius'): Promise<CurrentWeather> {
    const [name, reading] = station(location);
    return {
      location: displayName(name),
      temperature: convert(reading.temperature, unit),
      unit,
      conditions: reading.conditions,
      humidity: reading.humidity,
    };
  }

  /**
   * Gets the forecast for the coming days, one entry per day starting tomorrow.
   * @param location City and region, e.g. "Paris, France".
   * @param days How many days to forecast.
   * @param unit Temperature unit.
   * @minimum days 1
   * @maximum days 7
   */
  @tool()
  async getForecast(location: string, days: Integer = 3, unit: TemperatureUnit = 'celsius'): Promise<ForecastDay[]> {
    const [, reading] = station(location);
    const start = this.today();
    return Array.from({ length: Math.min(Math.max(days, 1), 7) }, (_, i) => {
      const date = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate() + i + 1));
      const swing = ((i * 7) % 5) - 2;
      return {
        date: date.toISOString().slice(0, 10),
        high: convert(reading.temperature + 3 + swing, unit),
        low: convert(reading.temperature - 4 + swing, unit),
        conditions: reading.conditions,
        precipitationChance: Math.min(100, Math.round(reading.humidity * 0.8 + swing * 5)),
      };
    });
  }

  /**
   * Lists the weather alerts in force within a distance of a point.
   * @param near Where to look.
   * @param radiusKm How far from the point, in kilometres. @minimum 1 @maximum 500
   * @param minSeverity Leave out alerts less serious than this.
   */
  @tool()
  listAlerts(
    near: Coordinates,
    radiusKm = 100,
    minSeverity: AlertSeverity = AlertSeverity.Advisory,
    context?: ToolContext,
  ): WeatherAlert[] {
    context?.signal.throwIfAborted();
    const order = Object.values(AlertSeverity);
    return ALERTS.filter((alert) => {
      const [, reading] = station(alert.location);
      return order.indexOf(alert.severity) >= order.indexOf(minSeverity) && distanceKm(near, reading) <= radiusKm;
    });
  }
}

function station(location: string): [string, StationReading] {
  const found = findStation(location);
  if (!found) {
    const known = Object.keys(STATIONS).map(displayName).join('; ');
    throw new Error(`No station for "${location}". Known places: ${known}`);
  }
  return found;
}

function displayName(key: string): string {
  return key
    .split(', ')
    .map((part) => (part.length <= 2 ? part.toUpperCase() : part.replace(/\b\w/g, (c) => c.toUpperCase())))
    .join(', ');
}

function convert(celsius: number, unit: TemperatureUnit): number {
  return unit === 'celsius' ? celsius : Math.round((celsius * 9) / 5 + 32);
}

/** Great-circle distance (haversine). */
function distanceKm(a: Coordinates, b: Coordinates): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}
