// Readings of a few weather stations, so that the example runs offline and gives the same answers every time.
// A real service would call a weather API here.

export interface StationReading {
  /** Degrees Celsius. */
  temperature: number;
  conditions: string;
  /** Relative humidity in percent. */
  humidity: number;
  latitude: number;
  longitude: number;
}

export const STATIONS: Record<string, StationReading> = {
  'boston, ma': { temperature: 14, conditions: 'light rain', humidity: 81, latitude: 42.36, longitude: -71.06 },
  'paris, france': { temperature: 19, conditions: 'partly cloudy', humidity: 58, latitude: 48.86, longitude: 2.35 },
  'london, uk': { temperature: 12, conditions: 'overcast', humidity: 77, latitude: 51.51, longitude: -0.13 },
  'tokyo, japan': { temperature: 23, conditions: 'clear', humidity: 49, latitude: 35.68, longitude: 139.69 },
  'oslo, norway': { temperature: 6, conditions: 'snow showers', humidity: 86, latitude: 59.91, longitude: 10.75 },
};

/** The station for a place, matched on the city name so that "Boston", "boston, ma" and "Boston, MA" all work. */
export function findStation(location: string): [string, StationReading] | undefined {
  const wanted = location.trim().toLowerCase();
  const city = wanted.split(',')[0]!.trim();
  return Object.entries(STATIONS).find(([name]) => name === wanted || name.split(',')[0] === city);
}
