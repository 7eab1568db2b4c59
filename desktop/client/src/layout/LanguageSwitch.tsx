import { GlobalOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { LANGUAGES, useI18n } from '../i18n';

export function LanguageSwitch() {
  const { language, setLanguage, t } = useI18n();
  return (
    <Select
      aria-label={t('lang.switch')}
      data-testid="language-switch"
      value={language}
      onChange={setLanguage}
      variant="borderless"
      suffixIcon={<GlobalOutlined />}
      style={{ width: 96 }}
      options={LANGUAGES.map((l) => ({ value: l, label: t(`lang.${l}`) }))}
    />
  );
}
