import { Result } from 'antd';
import { useT, type MessageKey } from '../i18n';

/** The page of a menu entry whose area is not built yet: says so, shows no data. */
export default function ComingSoon({ area }: { area: MessageKey }) {
  const t = useT();
  return <Result status="info" title={t('coming.title', { area: t(area) })} subTitle={t('coming.text')} />;
}
