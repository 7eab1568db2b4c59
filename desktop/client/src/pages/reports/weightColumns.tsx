// The columns of a lot's weights against its B/L: the weights page and the B/L trace show them alike.
import { Tag, Typography } from 'antd';
import type { WeightRow } from '../../../../../shared/reports';
import { useT } from '../../i18n';
import { useCan } from '../../kit/access';
import { formatMoney } from '../../kit/numbers';
import { formatQuantity } from '../warehouse/warehouseUi';
import { BlLink } from './BlLink';
import { quantityColumn } from './reportUi';

/** The weight columns of a lot, shared with the B/L trace. */
export function useWeightColumns() {
  const t = useT();
  const money = useCan('finance');
  return [
    { key: 'warehouse', dataIndex: 'warehouse', title: t('wh.f.warehouse') },
    { key: 'commodity', dataIndex: 'commodity', title: t('wh.f.commodity') },
    { key: 'blNumber', title: t('desk.f.blNumber'), render: (_: unknown, r: WeightRow) => <BlLink value={r.blNumber} /> },
    quantityColumn<WeightRow>('blWeight', t('desk.f.blWeight')),
    quantityColumn<WeightRow>('outturnWeight', t('desk.f.outturnWeight')),
    {
      key: 'difference',
      dataIndex: 'difference',
      title: t('desk.f.difference'),
      align: 'right' as const,
      render: (v: number) => <Typography.Text type={v < 0 ? 'danger' : undefined}>{formatQuantity(v)}</Typography.Text>,
    },
    {
      key: 'differencePercent',
      dataIndex: 'differencePercent',
      title: t('desk.f.differencePercent'),
      align: 'right' as const,
      render: (v: number | null) => (v === null ? '–' : `${v} %`),
    },
    { key: 'contractCode', dataIndex: 'contractCode', title: t('desk.f.contractCode') },
    { key: 'tolerance', dataIndex: 'tolerance', title: t('desk.f.tolerance'), align: 'right' as const, render: (v: number | null) => (v === null ? '–' : `${v} %`) },
    {
      key: 'outOfTolerance',
      dataIndex: 'outOfTolerance',
      title: t('desk.f.outOfTolerance'),
      render: (v: boolean) => (v ? <Tag color="red">{t('desk.out.true')}</Tag> : <Tag color="green">{t('desk.out.false')}</Tag>),
    },
    quantityColumn<WeightRow>('claimQuantity', t('desk.f.claimQuantity')),
    ...(money
      ? [
          {
            key: 'claimAmount',
            dataIndex: 'claimAmount',
            title: t('desk.f.claimAmount'),
            align: 'right' as const,
            render: (v: number | null | undefined, r: WeightRow) => (v === null || v === undefined ? '–' : formatMoney(v, r.currency)),
          },
        ]
      : []),
  ];
}
