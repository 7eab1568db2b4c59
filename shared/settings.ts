// The office's settings: what an admin sets once for everyone (the company name on printed pages,
// the rules of registration and approval), and the grants of the roles.
import { z } from 'zod';
import { CODE_LABELS } from './labels.js';
import { AREAS, isArea, isLevel, isPresetRole, LEVELS, PRESET_ROLES, type Grants } from './permissions.js';
import { choiceList, labelled, named, optionalText } from './validation.js';
import { documentKind, documentKindsBody } from './trading.js';

export const SELF_REGISTRATION = ['open', 'closed'] as const;
/** Labelled after `.describe()`, which copies the schema (shared/validation.ts, `labelled`). */
const selfRegistration = (description?: string) =>
  labelled(description ? z.enum(SELF_REGISTRATION).describe(description) : z.enum(SELF_REGISTRATION), CODE_LABELS.selfRegistration);

export const settingsRecord = named('Settings', {
  companyName: z.string().nullable().describe('printed above the title of every printable page; null: none'),
  selfRegistration: selfRegistration('open (default): anyone may register an account that waits for an admin; closed: registering is refused (403), the very first account aside'),
  secondPersonApproves: z.boolean().describe('true (default): a pickup request is approved by someone other than the user who created it'),
  outboundNeedsPickup: z.boolean().describe('false (default); true: an outbound order must name an approved or in-progress pickup request'),
  documentKinds: z
    .array(documentKind)
    .describe(
      'the kinds of a B/L document set (default: bill of lading, commercial invoice, packing list, weight and quality certificates required; certificate of origin, insurance certificate)',
    ),
});
export type Settings = z.infer<typeof settingsRecord>;

/** The keys given are changed; an empty companyName clears it. */
export const settingsBody = z.object({
  companyName: optionalText(200),
  selfRegistration: selfRegistration().optional(),
  secondPersonApproves: z.boolean().optional(),
  outboundNeedsPickup: z.boolean().optional(),
  documentKinds: documentKindsBody.describe('the whole list of document kinds; null restores the defaults; a kind that B/Ls still have files of cannot be left out (400)'),
});

const level = () => labelled(z.enum(LEVELS), CODE_LABELS.level);
const roleGrants = z.object(Object.fromEntries(AREAS.map((area) => [area, level()])) as Record<(typeof AREAS)[number], ReturnType<typeof level>>);
const grid = z.object(Object.fromEntries(PRESET_ROLES.map((role) => [role, roleGrants])) as Record<(typeof PRESET_ROLES)[number], typeof roleGrants>);

/** GET and PUT /settings/grants: the grants of every preset role, and the defaults ("restore defaults" sends them back). */
export const grantsRecord = named('Grants', {
  grants: grid.describe('for every role but admin (whose grants are fixed: approve everywhere), the level of every area'),
  defaults: grid.describe('the grants of a new database'),
});

/** At most this many refusals of one grants body are listed: each names its role, area or level. */
const MAX_GRANT_ISSUES = 20;

/**
 * PUT /settings/grants: `{ grants: { <role>: { <area>: <level> } } }`, every preset role and every
 * area, nothing else. The whole grid is checked before anything is written: an unknown role, area or
 * level is named, so are a missing role or area, and admin (whose grants are fixed).
 */
export const grantsBody = z.object({
  grants: z
    .record(z.string().max(100), z.record(z.string().max(100), z.string().max(100)))
    .superRefine((grants, ctx) => {
      let issues = 0;
      const refuse = (path: string[], en: string, zh: string) => {
        if (issues++ < MAX_GRANT_ISSUES) ctx.addIssue({ code: 'custom', path, message: en, params: { zh } });
      };
      const roles = choiceList(PRESET_ROLES, CODE_LABELS.role);
      const areas = choiceList(AREAS, CODE_LABELS.area);
      const levels = choiceList(LEVELS, CODE_LABELS.level);
      for (const [role, byArea] of Object.entries(grants)) {
        if (role === 'admin') {
          refuse([role], "is the admin's: its grants are fixed (approve everywhere); leave admin out", '是管理员的权限：固定为全部审批，不能修改；请去掉 admin');
          continue;
        }
        if (!isPresetRole(role)) {
          refuse([role], `is not a role; the roles are: ${roles.en}`, `不是角色；角色为：${roles.zh}`);
          continue;
        }
        for (const [area, value] of Object.entries(byArea)) {
          if (!isArea(area)) refuse([role, area], `is not an area; the areas are: ${areas.en}`, `不是业务范围；业务范围为：${areas.zh}`);
          else if (!isLevel(value))
            refuse([role, area], `is "${value}", which is not a level; must be one of: ${levels.en}`, `为“${value}”，不是权限级别；必须是以下之一：${levels.zh}`);
        }
        const missing = AREAS.filter((area) => !(area in byArea));
        if (missing.length)
          refuse([role], `lacks the areas ${missing.join(', ')}: give a level for every area`, `缺少业务范围 ${missing.join('、')}：请为每个业务范围填写权限级别`);
      }
      const missing = PRESET_ROLES.filter((role) => !(role in grants));
      if (missing.length)
        refuse([], `lacks the roles ${missing.join(', ')}: give the grants of every role but admin`, `缺少角色 ${missing.join('、')}：请填写除管理员外每个角色的权限`);
    })
    .transform((grants) => grants as Grants),
});
