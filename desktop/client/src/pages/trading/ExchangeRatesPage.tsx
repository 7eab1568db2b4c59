// The admin's page of the monthly exchange rates: one row per currency and month, saved whole; the
// service's refusals show beside the field they name.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PageTitle } from '../../kit/PageTitle';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, DatePicker, Form, Input, InputNumber, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { BASE_CURRENCY, type ExchangeRates } from '../../../../../shared/trading';
import { api, ApiError } from '../../api/client';
import { errorText } from '../../api/errors';
import { useT } from '../../i18n';

const PATH = '/settings/exchange-rates';

interface RateRow {
  currency?: string;
  month?: Dayjs | null;
  rate?: number | null;
}

export default function ExchangeRatesPage() {
  const t = useT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ rates: RateRow[] }>();
  const rates = useQuery({ queryKey: [PATH], queryFn: ({ signal }) => api.get<ExchangeRates>(PATH, undefined, signal) });
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string>();

  useEffect(() => {
    if (rates.data) form.setFieldsValue({ rates: rates.data.rates.map((r) => ({ currency: r.currency, month: dayjs(`${r.month}-01`), rate: r.rate })) });
  }, [rates.data, form]);

  const save = async (values: { rates?: RateRow[] }) => {
    setSaving(true);
    setRefusal(undefined);
    try {
      const body = {
        base: BASE_CURRENCY,
        rates: (values.rates ?? []).map((r) => ({ currency: r.currency?.trim() ?? '', month: r.month ? r.month.format('YYYY-MM') : '', rate: r.rate ?? null })),
      };
      const saved = await api.put<ExchangeRates>(PATH, body);
      queryClient.setQueryData([PATH], saved);
      void message.success(t('td.rates.saved'));
    } catch (err) {
      setRefusal(errorText(err, t));
      if (err instanceof ApiError)
        form.setFields(
          err.fieldErrors.flatMap((e) => {
            const [list, index, key] = e.field.split('.');
            return list === 'rates' && index !== undefined && key !== undefined
              ? [{ name: ['rates', Number(index), key as keyof RateRow] as ['rates', number, keyof RateRow], errors: [e.message] }]
              : [];
          }),
        );
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 720 }}>
      <PageTitle>{t('menu.exchangeRates')}</PageTitle>
      <Typography.Text type="secondary">{t('td.rates.intro', { base: BASE_CURRENCY })}</Typography.Text>
      {rates.error && <Alert type="error" showIcon title={errorText(rates.error, t)} />}
      {refusal && <Alert type="error" showIcon title={refusal} data-testid="rates-refusal" />}
      <Card size="small" loading={rates.isLoading}>
        <Form form={form} onFinish={save} layout="vertical">
          <Form.List name="rates">
            {(fields, { add, remove }) => (
              <Space orientation="vertical" style={{ width: '100%' }}>
                {fields.length === 0 && <Typography.Text type="secondary">{t('td.rates.none')}</Typography.Text>}
                {fields.length > 0 && (
                  <Space size={4} aria-hidden>
                    <Typography.Text strong style={{ display: 'inline-block', width: 72 }}>
                      {t('td.rates.currency')}
                    </Typography.Text>
                    <Typography.Text strong style={{ display: 'inline-block', width: 124 }}>
                      {t('td.rates.month')}
                    </Typography.Text>
                    <Typography.Text strong>{t('td.rates.rate')}</Typography.Text>
                  </Space>
                )}
                {fields.map((field) => (
                  <Space key={field.key} size={4} align="start" data-testid="rate-row">
                    <Form.Item name={[field.name, 'currency']} rules={[{ required: true, message: t('validation.required') }]} style={{ marginBottom: 8 }}>
                      <Input style={{ width: 72 }} maxLength={3} placeholder="USD" aria-label={t('td.rates.currency')} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'month']} rules={[{ required: true, message: t('validation.required') }]} style={{ marginBottom: 8 }}>
                      <DatePicker picker="month" style={{ width: 124 }} aria-label={t('td.rates.month')} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'rate']} rules={[{ required: true, message: t('validation.required') }]} style={{ marginBottom: 8 }}>
                      <InputNumber style={{ width: 100 }} step={0.0001} aria-label={t('td.rates.rate')} />
                    </Form.Item>
                    <Button icon={<DeleteOutlined />} aria-label={t('list.delete')} onClick={() => remove(field.name)} />
                  </Space>
                ))}
                <Space wrap>
                  <Button icon={<PlusOutlined />} onClick={() => add({ currency: 'USD', month: dayjs().startOf('month'), rate: null })}>
                    {t('td.rates.add')}
                  </Button>
                  <Button type="primary" htmlType="submit" loading={saving}>
                    {t('list.save')}
                  </Button>
                </Space>
              </Space>
            )}
          </Form.List>
        </Form>
      </Card>
    </Space>
  );
}
