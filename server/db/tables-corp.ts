// Tables of corporate contracts (folders, contracts, detail lines) and company files.
import type { Generated } from 'kysely';

export interface CorpContractFoldersTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  category: string;
  createTime: string;
  updateTime: string;
}

export interface CorpContractsTable {
  id: Generated<number>;
  folderId: number;
  contractNumber: string;
  name: string | null;
  category: string;
  partyA: string | null;
  partyB: string | null;
  signDate: string | null;
  amount: number | null;
  currency: string;
  remark: string | null;
  fileName: string;
  fileUrl: string;
  fileSize: number;
  createTime: string;
  updateTime: string;
}

export interface CorpContractDetailsTable {
  id: Generated<number>;
  contractId: number;
  lineNo: number;
  commodity: string;
  specification: string | null;
  quantity: number;
  unit: string | null;
  unitPrice: number | null;
  amount: number | null;
  deliveryDate: string | null;
  remark: string | null;
  createTime: string;
  updateTime: string;
}

export interface CompanyFoldersTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  createTime: string;
  updateTime: string;
}

export interface CompanyFilesTable {
  id: Generated<number>;
  folderId: number | null;
  companyName: string | null;
  fileCategory: string | null;
  expireDate: string | null;
  description: string | null;
  fileName: string;
  fileUrl: string;
  fileSize: number;
  mimeType: string;
  createTime: string;
  updateTime: string;
}

export interface CorpTables {
  corpContractFolders: CorpContractFoldersTable;
  corpContracts: CorpContractsTable;
  corpContractDetails: CorpContractDetailsTable;
  companyFolders: CompanyFoldersTable;
  companyFiles: CompanyFilesTable;
}
