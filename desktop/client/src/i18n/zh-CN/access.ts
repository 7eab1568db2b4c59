// Who may do what (issue 26): the 403 page, the read-only line, the Users page's roles and
// warehouses, the Settings page's rules and grants.
import type en from '../en-US/access';

export default {
  'access.forbiddenTitle': '无权访问',
  'access.askAdmin': '权限由管理员授予：在“用户”中设置您的角色，或在“系统设置”中设置每个角色的权限。',
  'access.readOnly': '您可以查看此页面；{needs}',
} satisfies Record<keyof typeof en, string>;
