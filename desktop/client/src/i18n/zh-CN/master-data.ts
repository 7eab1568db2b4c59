// Texts of the master data: the catalogs of commodities and parties.
import type en from '../en-US/master-data';

export default {
  'menu.masterData': '基础数据',
  'menu.commodities': '品名',
  'menu.parties': '往来单位',
  'md.f.name': '名称',
  'md.f.code': '编码',
  'md.f.unit': '默认单位',
  'md.f.category': '类别',
  'md.f.kind': '类型',
  'md.f.contact': '联系人',
  'md.f.phone': '电话',
  'md.f.remark': '备注',
  'md.f.active': '状态',
  'md.f.keyword': '关键词',
  'md.commodity.createTitle': '新建品名',
  'md.commodity.editTitle': '编辑品名 {name}',
  'md.party.createTitle': '新建往来单位',
  'md.party.editTitle': '编辑往来单位 {name}',
  'md.deactivate': '停用',
  'md.activate': '启用',
  'md.changed': '已保存 {name}',
  'md.nameHint': '仅大小写、空格或全角半角不同的名称视为同一个',
} satisfies Record<keyof typeof en, string>;
