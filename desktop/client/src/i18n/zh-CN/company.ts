// Company files: licences, invoicing information and similar documents, in folders.
import type en from '../en-US/company';

export default {
  'company.folders': '文件夹',
  'company.allFiles': '全部文件',
  'company.folder': '文件夹',
  'company.folder.name': '文件夹名称',
  'company.folder.description': '说明',
  'company.companyName': '公司名称',
  'company.fileCategory': '文件类别',
  'company.fileCategoryHint': '如：营业执照、开票信息',
  'company.keyword': '关键字',
  'company.keywordHint': '文件名、公司、类别或说明',
  'company.expiringWithin': '即将到期',
  'company.days30': '30 天内',
  'company.days60': '60 天内',
  'company.days90': '90 天内',
  'company.expireDate': '到期日',
  'company.expired': '已于 {date} 到期',
  'company.expiresIn': '{date}（{days} 天后到期）',
  'company.description': '说明',
  'company.fileName': '文件',
  'company.fileSize': '大小',
  'company.uploaded': '上传时间',
  'company.upload': '上传文件',
  'company.editTitle': '编辑 {name}',
} satisfies Record<keyof typeof en, string>;
