// Texts of the home page (dashboard).
import type en from '../en-US/dashboard';

export default {
  'dash.stock': '各仓库货物库存',
  'dash.noStock': '暂无库存。',
  'dash.availableReserved': '可用 {available} · 已预留 {reserved}',
  'dash.pickupToday': '今日提货申请（{date}）',
  'dash.expiring': '30 天内到期的证照',
  'dash.noExpiring': '30 天内没有到期的证照。',
  'dash.expired': '已过期 {n} 天',
  'dash.expiresToday': '今天到期',
  'dash.daysLeft': '{n} 天后到期',
  'dash.activity': '最近操作',
  'dash.noActivity': '暂无记录。',
  'dash.all': '查看全部',
  'dash.loadFailed': '加载失败：{reason}',
} satisfies Record<keyof typeof en, string>;
