// The header's bell: how many accounts wait for an admin's approval (admins only) and how many
// company files (licences and the like) expire within 30 days; each line opens the list filtered.
import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import type { Paged } from '../../../../shared/paging';
import { useAuth } from '../api/auth';
import { api } from '../api/client';
import { can, isAdmin } from '../kit/access';
import { useT } from '../i18n';

export const EXPIRY_DAYS = 30;
const USERS_WAITING = `/admin/users?status=pending`;
const FILES_EXPIRING = `/company-files?expiringWithinDays=${EXPIRY_DAYS}`;

function useTotal(path: string, query: Record<string, string | number>, enabled = true) {
  return (
    useQuery({
      queryKey: [path, { ...query, pageSize: 1, purpose: 'attention' }],
      queryFn: ({ signal }) => api.get<Paged<unknown>>(path, { ...query, pageSize: 1 }, signal),
      enabled,
      refetchInterval: 60_000,
      select: (data) => data.total,
    }).data ?? 0
  );
}

export function AttentionBadge() {
  const t = useT();
  const navigate = useNavigate();
  const { user } = useAuth();
  const admin = isAdmin(user);
  const files = can(user, 'companyFiles');
  const waiting = useTotal('/users', { status: 'pending' }, admin);
  const expiring = useTotal('/company/files', { expiringWithinDays: EXPIRY_DAYS }, files);

  if (!admin && !files) return null;
  const items: MenuProps['items'] = [];
  if (admin) items.push({ key: USERS_WAITING, label: t(waiting === 1 ? 'attention.usersWaitingOne' : 'attention.usersWaiting', { n: waiting }) });
  if (files) items.push({ key: FILES_EXPIRING, label: t(expiring === 1 ? 'attention.filesExpiringOne' : 'attention.filesExpiring', { n: expiring, days: EXPIRY_DAYS }) });

  const count = (admin ? waiting : 0) + (files ? expiring : 0);
  return (
    <Dropdown menu={{ items, onClick: ({ key }) => navigate(key) }} trigger={['click']}>
      {/* the name holds the count as the badge shows it (antd's 99+), for a screen reader's user too */}
      <Button type="text" data-testid="attention" aria-label={count ? t('attention.titleCount', { n: count > 99 ? '99+' : count }) : t('attention.title')}>
        <Badge count={count} size="small">
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      </Button>
    </Dropdown>
  );
}
