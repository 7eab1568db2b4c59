// Inbound orders: what enters stock (inboundWeight), with the bill-of-lading weight kept for
// comparison and their difference shown in the list and while typing. Shrinking or deleting an
// order whose goods have gone out is refused by the service; its message is shown.
import { useQueryClient } from '@tanstack/react-query';
import { inboundBody, inboundUpdateBody, type InboundOrder } from '../../../../../shared/warehouse';
import { useT } from '../../i18n';
import { ListPage } from '../../kit/ListPage';
import { invalidateStock } from './warehouseUi';
import { filterFields, formFields, tableColumns } from './warehouseFields';
import { usePostedActions, usePostedEdit } from './posted';
import { SheetButtons } from './SheetButtons';
import { usePrintAction } from './usePrint';

export const INBOUND_PATH = '/inventory/inbound';

const filters = filterFields(['inboundNumber', 'blNumber', 'warehouse', 'commodity', ['keyword', { placeholder: 'wh.inbound.keywordHint' }], 'inboundDate']);

const fields = formFields(
  [
    'inboundNumber',
    'warehouse',
    'commodity',
    'commodityCode',
    'blNumber',
    'blWeight',
    'inboundWeight',
    'weightDifference',
    'inboundDate',
    'owner',
    'contractNumber',
    'operator',
    'remark',
  ],
  inboundBody,
);
const editFields = fields.filter((f) => f.name !== 'inboundNumber');

/** The stock fields of a posted inbound order. */
const STOCK_FIELDS = ['warehouse', 'commodity', 'blNumber', 'inboundWeight', 'inboundDate'];

const columns = tableColumns<InboundOrder>([
  'inboundNumber',
  'inboundDate',
  'warehouse',
  'commodity',
  'inboundWeight',
  'owner',
  'blNumber',
  'blWeight',
  'weightDifference',
  'contractNumber',
  'operator',
]);

export default function InboundOrdersPage() {
  const t = useT();
  const queryClient = useQueryClient();
  const print = usePrintAction<InboundOrder>(INBOUND_PATH);
  const posted = usePostedEdit(editFields, STOCK_FIELDS);
  const removal = usePostedActions<InboundOrder>({ path: INBOUND_PATH, numberOf: (r) => r.inboundNumber });
  return (
    <>
      <ListPage<InboundOrder>
        title="menu.inboundOrders"
        path={INBOUND_PATH}
        filters={filters}
        columns={columns}
        actions={(row) => [print, ...removal.action(row)]}
        toolbar={<SheetButtons base="/inventory" importPath="/inventory/upload" listPath={INBOUND_PATH} fileName="inbound-orders" />}
        create={{ fields, schema: inboundBody, title: () => t('wh.inbound.createTitle') }}
        edit={{
          fields: posted.fields,
          label: posted.label,
          schema: inboundUpdateBody,
          title: (row) => t(posted.approve ? 'wh.posted.correctTitle' : 'wh.inbound.editTitle', { number: row?.inboundNumber ?? '' }),
          initial: (row) => ({ ...row }),
        }}
        onChanged={() => invalidateStock(queryClient)}
      />
      {removal.dialog}
    </>
  );
}
