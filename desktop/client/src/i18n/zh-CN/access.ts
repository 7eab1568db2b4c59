// Who may do what (issue 26): the 403 page, the read-only line, the Users page's roles and
// warehouses, the Settings page's rules and grants.
import type en from '../en-US/access';

export default {
  'access.forbiddenTitle': '无权访问',
  'access.askAdmin': '权限由管理员授予：在“用户”中设置您的角色，或在“系统设置”中设置每个角色的权限。',
  'access.readOnly': '您可以查看此页面；修改需要{area}的写入权限。',
  'users.roles': '角色',
  'users.rolesHint': '账号的权限由角色决定；有多个角色时，取各角色中最高的权限。',
  'users.warehouses': '仓库',
  'users.warehousesHint': '提货申请、仓储单据和库存仅限这些仓库；不选则为全部仓库。',
  'users.allWarehouses': '全部仓库',
  'users.create': '新建用户',
  'users.createTitle': '新建用户',
  'users.temporaryHint': '请告知用户：首次登录时须设置自己的密码。',
  'settings.selfRegistration': '自助注册',
  'settings.selfRegistrationHint': '开放：任何人都可注册账号，等待管理员审批。关闭：所有账号由管理员在“用户”页面创建。',
  'settings.secondPersonApproves': '提货申请须由他人审批',
  'settings.secondPersonApprovesHint': '开启：提货申请须由创建人以外的用户审批。只有一人的办公室可关闭此项。',
  'settings.outboundNeedsPickup': '出库单须关联提货申请',
  'settings.outboundNeedsPickupHint': '开启：出库单必须关联一个已审批或进行中的提货申请。',
  'settings.grants': '各角色的权限',
  'settings.grantsHint':
    '为每个业务范围和角色设置权限级别：无、读取（列表、导出、打印）、写入（新建、修改、删除、导入）、审批（审批提货申请）。拥有多个角色的账号取各角色中最高的级别。管理员始终拥有全部权限。',
  'settings.area': '业务范围',
  'settings.grantsSaved': '权限已保存：从每个用户的下一次请求起生效',
  'settings.restoreDefaults': '恢复默认',
  'settings.restoreConfirm': '将所有角色的权限恢复为新安装时的默认值？',
  'settings.restored': '已恢复默认权限',
  'auth.registrationClosedTitle': '注册已关闭',
  'wh.f.createdBy': '创建人',
  'wh.f.approvedBy': '审批人',
  'wh.f.approvedTime': '审批时间',
  'settings.saveGrants': '保存权限',
} satisfies Record<keyof typeof en, string>;
