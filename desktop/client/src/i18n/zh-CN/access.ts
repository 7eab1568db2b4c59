// Who may do what (issue 26): the 403 page, the read-only line, the Users page's roles and
// warehouses, the Settings page's rules and grants.
import type en from '../en-US/access';

export default {
  'access.forbiddenTitle': '无权访问',
  'access.askAdmin': '权限由管理员授予：在“用户”中设置您的角色，或在“系统设置”中设置每个角色的权限。',
  'access.readOnly': '您可以查看此页面；{needs}',
  'users.roles': '角色',
  'users.rolesHint': '账号的权限由角色决定；有多个角色时，取各角色中最高的权限。',
  'users.warehouses': '仓库',
  'users.warehousesHint': '提货申请、仓储单据和库存仅限这些仓库；不选则为全部仓库。',
  'users.allWarehouses': '全部仓库',
  'users.create': '新建用户',
  'users.createTitle': '新建用户',
  'users.temporaryHint': '请告知用户：首次登录时须设置自己的密码。',
} satisfies Record<keyof typeof en, string>;
