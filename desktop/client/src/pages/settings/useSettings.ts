// The company settings (GET /settings, any signed-in user), read once per page through the query
// cache: the settings cards and the pages that label document kinds share one answer, and a save
// puts its answer under SETTINGS_PATH.
import { useQuery } from '@tanstack/react-query';
import type { Settings } from '../../../../../shared/settings';
import { api } from '../../api/client';

export const SETTINGS_PATH = '/settings';

export const useSettings = () => useQuery({ queryKey: [SETTINGS_PATH], queryFn: ({ signal }) => api.get<Settings>(SETTINGS_PATH, undefined, signal) });
