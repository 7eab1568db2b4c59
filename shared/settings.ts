// The office's settings: what an admin sets once for everyone (the company name on printed pages).
import { z } from 'zod';
import { named, optionalText } from './validation.js';

export const settingsRecord = named('Settings', {
  companyName: z.string().nullable().describe('printed above the title of every printable page; null: none'),
});
export type Settings = z.infer<typeof settingsRecord>;

/** The keys given are changed; an empty companyName clears it. */
export const settingsBody = z.object({
  companyName: optionalText(200),
});
