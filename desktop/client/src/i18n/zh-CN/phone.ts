// Texts of the phone layout and the gate (issue 28): the menu button, the lists' filter button and
// cards, the gate's search and its cards.
import type en from '../en-US/phone';

export default {
  'app.menu': '菜单',
  'list.filter': '筛选',
  'list.filterTitle': '筛选列表',
  'list.details': '详情',
  'menu.gate': '门岗',
  'gate.search': '车牌或提货单号',
  'gate.hint': '输入车牌的任意部分（空格和横线不影响）或提货单号的开头。只显示已审核和提货中的申请。',
  'gate.none': '没有与“{text}”匹配的已审核或提货中的提货申请。',
  'gate.found': '找到 {n} 条',
  'gate.remaining': '剩余',
  'gate.ship': '出库',
  'gate.shipTitle': '按 {number} 出库',
  'gate.shipped': '出库单 {number} 已保存',
  'gate.call': '拨打',
} satisfies Record<keyof typeof en, string>;
