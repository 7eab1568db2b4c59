// Business contracts: tabs by type, keyword search, the list (a plain array, paged here), create with
// scans and progress, edit, delete, a detail drawer with the files, and batch upload.
import { Button } from 'antd';
import { useState } from 'react';
import { createContractBody, updateContractBody, type Contract } from '../../../../../shared/contracts';
import { api } from '../../api/client';
import { usePageCan } from '../../kit/access';
import { useT } from '../../i18n';
import { UploadProgress, uploadForm } from '../../kit/files';
import { ListPage } from '../../kit/ListPage';
import { formatQuantity, formatUnitPrice } from '../../kit/numbers';
import { BatchUpload } from './BatchUpload';
import { ContractDetail } from './ContractDetail';
import { contractCreateFields, contractFields, filterFields, tableColumns } from './contractFields';

const filters = filterFields(['keyword']);

const tabs = {
  param: 'contractType',
  items: [
    { value: '', label: 'contracts.all' },
    { value: '1', label: 'contracts.type.1' },
    { value: '2', label: 'contracts.type.2' },
    { value: '3', label: 'contracts.type.3' },
  ],
} as const;

type FormFields = Record<string, string | number | null | undefined>;

export default function ContractsPage() {
  const t = useT();
  const writable = usePageCan()('write');
  const [detail, setDetail] = useState<number | null>(null);
  const [progress, setProgress] = useState(0);

  // the number first (it stays at the left), then what a clerk scans, so at 1366 px they all show
  const columns = tableColumns<Contract>([
    'contractCode',
    [
      'name',
      {
        cell: (value, row) => (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setDetail(row.id as number)}>
            {value as string}
          </Button>
        ),
      },
    ],
    'contractType',
    'buyParty',
    'sellParty',
    'commodity',
    // the unit beside the quantity and the currency beside the price: two fewer columns at 1366 px
    // a contract whose commodity has no unit in the catalog has none: the quantity alone, never "null"
    ['count', { cell: (value, row) => [formatQuantity(value as number), row.unit].filter(Boolean).join(' ') }],
    'createTime',
    ['unitPrice', { cell: (value, row) => `${formatUnitPrice(value as number)} ${row.currency}` }],
    'blNumber',
    'files',
  ]);

  const create = async (values: Record<string, unknown>) => {
    const { files, ...fields } = values as { files: File[] } & Record<string, unknown>;
    try {
      await uploadForm<Contract>({ path: '/contract/upload', fields: fields as FormFields, files: files.map((f) => ['files', f]), onProgress: setProgress });
    } finally {
      setProgress(0);
    }
  };

  return (
    <>
      <ListPage<Contract>
        title="menu.businessContracts"
        path="/contract"
        exportPath="/contract/export"
        paging="client"
        tabs={tabs}
        filters={filters}
        columns={columns}
        toolbar={writable && <BatchUpload />}
        create={{
          fields: contractCreateFields,
          schema: createContractBody,
          title: () => t('contracts.createTitle'),
          submit: create,
          extra: <UploadProgress percent={progress} />,
        }}
        edit={{
          fields: contractFields,
          schema: updateContractBody,
          title: (row) => t('contracts.editTitle', { name: row?.name ?? '' }),
          initial: (row) => ({
            name: row.name,
            contractType: row.contractType,
            contractCode: row.contractCode,
            buyParty: row.buyParty,
            sellParty: row.sellParty,
            commodity: row.commodity,
            count: row.count,
            unitPrice: row.unitPrice,
            BLNumber: row.blNumber,
            unit: row.unit ?? '',
            currency: row.currency,
            weightTolerance: row.weightTolerance,
            deliveryTime: row.deliveryTime ?? '',
            pickUpTime: row.pickUpTime ?? '',
            packaging: row.packaging ?? '',
            remarks: row.remarks ?? '',
          }),
          submit: (row, values) => api.put<Contract>(`/contract/${row.id}`, values),
        }}
        canDelete
      />
      <ContractDetail id={detail} onClose={() => setDetail(null)} />
    </>
  );
}
