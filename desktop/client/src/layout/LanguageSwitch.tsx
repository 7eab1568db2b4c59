import { GlobalOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { LANGUAGES, useI18n } from '../i18n';

/** `defaultOpen`, `autoFocus`: when it replaces the sign-in page's stand-in that was clicked or focused (LanguageSwitchDeferred.tsx). */
export default function LanguageSwitch({ defaultOpen, autoFocus }: { defaultOpen?: boolean; autoFocus?: boolean } = {}) {
  const { language, setLanguage, t } = useI18n();
  return (
    <Select
      defaultOpen={defaultOpen}
      autoFocus={autoFocus}
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
