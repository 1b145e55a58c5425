// 钥匙 on a listing's detail page (both trades): the key as registered (type, number, the store
// and person keeping it, whether it is out), the buttons core's key table offers this caller
// (登记钥匙, which reads 修改钥匙登记 once one is registered; 借出, 归还) and the loan log. The
// rules are core's `listing::key`; the server answers the actions offered. A write refreshes
// every read (api/org/calls.ts), so the section shows the key as it became.
import { useState } from 'react';
import { Button, Space, Table, Tag } from '@arco-design/web-react';
import type { KeyLend, KeyLoan, KeyRegister } from '../../../api/house/oldHouse';
import { useRead } from '../../../api/useRead';
import { DetailSection } from '../../../components/detail/DetailPage';
import { enumText } from '../../../components/enums';
import { confirmAction } from '../../../components/form/confirmAction';
import { coreFields, today } from '../../../components/form/coreForm';
import { FormModal } from '../../../components/form/FormModal';
import { dateTime, orDash } from '../../org/shared/format';
import type { Trade } from './listing';

type Dialog = 'register' | 'lend' | undefined;

export function ListingKeySection({ trade, listingId }: { trade: Trade; listingId: number }) {
  const key = useRead(() => trade.api.key(listingId));
  const [dialog, setDialog] = useState<Dialog>();
  const data = key.data;
  // A registered key is changed, not registered again: its action and dialog say so.
  const registerLabel = data?.registered ? '修改钥匙登记' : enumText('keyAction', 'register');
  const offered = (action: string) => data?.actions.includes(action) ?? false;
  const giveBack = () =>
    confirmAction({
      title: '归还',
      content: '确认钥匙已归还到店？',
      danger: false,
      onOk: () => trade.api.returnKey(listingId),
    });
  const buttons = (
    <Space>
      {offered('register') && (
        <Button size="small" onClick={() => setDialog('register')} data-testid="key-register">
          {registerLabel}
        </Button>
      )}
      {offered('lend') && (
        <Button size="small" type="primary" onClick={() => setDialog('lend')} data-testid="key-lend">
          {enumText('keyAction', 'lend')}
        </Button>
      )}
      {offered('return') && (
        <Button size="small" type="primary" onClick={giveBack} data-testid="key-return">
          {enumText('keyAction', 'return')}
        </Button>
      )}
    </Space>
  );
  return (
    <DetailSection
      title="钥匙"
      extra={buttons}
      items={
        data?.registered
          ? [
              { label: '钥匙类型', value: data.keyTypeName },
              {
                label: '钥匙状态',
                value: (
                  <Tag size="small" color={data.status === 2 ? 'orangered' : 'green'} data-testid="key-status">
                    {data.statusName}
                  </Tag>
                ),
              },
              { label: '钥匙编号', value: orDash(data.keyNo) },
              { label: '保管门店', value: orDash(data.storeName) },
              { label: '钥匙人', value: orDash(data.holderName) },
              { label: '备注', value: orDash(data.remark) },
            ]
          : undefined
      }
    >
      {data && !data.registered && <p data-testid="key-none">尚未登记钥匙</p>}
      <Table<KeyLoan>
        rowKey="id"
        data={data?.loans ?? []}
        loading={key.loading}
        pagination={false}
        border={{ wrapper: true, cell: false }}
        noDataElement={<span>暂无借还记录</span>}
        data-testid="key-loans"
        columns={[
          { title: '借出时间', dataIndex: 'lentAt', width: 150, render: dateTime },
          { title: '借用人', dataIndex: 'borrowerName', width: 90, render: orDash },
          { title: '借用事由', dataIndex: 'purpose' },
          { title: '带看客户', dataIndex: 'customerName', render: orDash },
          { title: '预计归还', dataIndex: 'expectedReturn', width: 110 },
          {
            title: '归还时间',
            dataIndex: 'returnedAt',
            width: 150,
            render: (at: number | null | undefined) => (at ? dateTime(at) : <Tag color="orangered">未归还</Tag>),
          },
          { title: '接收人', dataIndex: 'returnedByName', width: 90, render: orDash },
        ]}
      />
      <FormModal<Omit<KeyRegister, 'listingId'>>
        title={registerLabel}
        visible={dialog === 'register'}
        fields={coreFields('keyRegister')}
        initialValues={data?.registered ? { keyType: data.keyType, keyNo: data.keyNo, remark: data.remark } : undefined}
        onSubmit={(values) =>
          trade.api.registerKey({ ...values, listingId })
        }
        onClose={() => setDialog(undefined)}
        successText={data?.registered ? '钥匙登记已修改' : '钥匙已登记'}
        testId="key-register-form"
      />
      <FormModal<Omit<KeyLend, 'listingId'>>
        title="借出钥匙"
        visible={dialog === 'lend'}
        fields={coreFields('keyLend')}
        initialValues={{ expectedReturn: today() }}
        onSubmit={(values) =>
          trade.api.lendKey({ ...values, listingId })
        }
        onClose={() => setDialog(undefined)}
        okText="借出"
        successText="钥匙已借出"
        testId="key-lend-form"
      />
    </DetailSection>
  );
}
