import { queryOptions } from '@tanstack/react-query';
import { fetchSettings } from './settings-api';

/** The agency's settings as a query (docs/architecture.md, "The frontend's data layer"). */
export const settingsKeys = { all: ['settings'] as const };

export const settingsQuery = () =>
  queryOptions({ queryKey: settingsKeys.all, queryFn: ({ signal }) => fetchSettings(signal) });
