import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Button, Input, Message, Space, Table, Tag } from '@arco-design/web-react';
import { IconEdit, IconEye } from '@arco-design/web-react/icon';
import { houseActionReasons, houseClosingNotice } from '@core/wasm';
import type { FollowUp, ListingDetail } from '../../../api/house/oldHouse';
import { isApiFailure } from '../../../api/client';
import { useRead, useReveal } from '../../../api/useRead';
import { DetailPage, DetailSection } from '../../../components/detail/DetailPage';
import { enumText } from '../../../components/enums';
import { confirmAction } from '../../../components/form/confirmAction';
import { coreFields, formErrors } from '../../../components/form/coreForm';
import { FormModal } from '../../../components/form/FormModal';
import { LocationMap } from '../../../components/map/LocationMap';
import type { FieldSpec } from '../../../components/form/fields';
import { Permission } from '../../../components/Permission';
import { relatedPath } from '../../../router/related';
import { useNav } from '../../../router/useNav';
import { useMenuStore } from '../../../stores/menu';
import { useUserStore } from '../../../stores/user';
import type { PageProps } from '../../registry';
import { ListingMatches, ListingViewings } from '../../crm/shared/ListingViewings';
import { dateTime, orDash } from '../../org/shared/format';
import { areaText, floorText, layoutText, ListingStatusTag, tradeOf, type Trade } from '../shared/listing';
import { heldNotice, holdWarning, releaseKeyNotice } from '../shared/held';
import { ListingKeySection } from '../shared/ListingKey';
import { PhotoGallery } from '../shared/ListingPhotos';
import { viewingSlotsText } from '../shared/ViewingSlots';
import { StatusHistory } from '../../../components/detail/StatusHistory';

interface ReasonValues {
  reason: number;
  remark?: string;
}

/** The reason dialog of 封盘, 解封, 暂缓 and 转公盘: the choices are core's reason table for the
 *  action in the trade. */
function reasonFields(action: string, trade: Trade): FieldSpec[] {
  const options = (houseActionReasons(action, trade.code) ?? []).map((entry) => ({ label: entry.label, value: entry.value }));
  return [
    { field: 'reason', label: '原因', kind: 'select', required: true, options },
    { field: 'remark', label: '说明', kind: 'textarea', maxLength: 200, placeholder: '选择「其他」时必填' },
  ];
}

/** One line per listing role, its people together: 实勘人：张三、李四. */
function roleLines(listing: ListingDetail) {
  const byRole = new Map<string, string[]>();
  for (const member of listing.roles) byRole.set(member.roleName, [...(byRole.get(member.roleName) ?? []), member.userName]);
  return [...byRole].map(([label, names]) => ({ label, value: names.join('、') }));
}

/** The longest follow-up core's form takes (the server refuses more): the box counts to it. */
function followUpMax(): number | undefined {
  return coreFields('followUp').find((field) => field.field === 'content')?.maxLength;
}

/** What core's follow-up form says of `content` (too long: 跟进内容不能超过500个字符). */
function followUpError(content: string): string | undefined {
  return content.trim() ? formErrors('followUp', { content }).content : undefined;
}

function FollowUps({ listing, trade }: { listing: ListingDetail; trade: Trade }) {
  const [content, setContent] = useState('');
  const [saving, setSaving] = useState(false);
  const followUps = useRead(() => trade.api.followUps(listing.id));
  const tooLong = followUpError(content);
  const save = async () => {
    setSaving(true);
    const result = await trade.api.addFollowUp(listing.id, content).catch(() => undefined);
    setSaving(false);
    if (result === undefined) return;
    if (isApiFailure(result)) {
      Message.error(result.errors?.content?.[0] ?? result.message);
      return;
    }
    Message.success('跟进已保存');
    setContent('');
  };
  return (
    <DetailSection title="跟进记录">
      {listing.mayFollowUp && (
        <Space direction="vertical" style={{ width: '100%', marginBottom: 12 }}>
          <Input.TextArea
            value={content}
            onChange={setContent}
            maxLength={{ length: followUpMax() ?? 0, errorOnly: true }}
            status={tooLong ? 'error' : undefined}
            showWordLimit
            placeholder={trade.code === 1 ? '写跟进：与业主沟通、带看、价格变化…' : '写跟进：与房东沟通、带看、租金变化…'}
            aria-label="跟进内容"
            data-testid="follow-up-content"
          />
          {tooLong && (
            <span role="alert" style={{ color: 'rgb(var(--danger-6))' }} data-testid="follow-up-error">
              {tooLong}
            </span>
          )}
          <Button
            type="primary"
            loading={saving}
            disabled={!content.trim() || tooLong !== undefined}
            onClick={save}
            data-testid="follow-up-save"
          >
            保存跟进
          </Button>
        </Space>
      )}
      <Table<FollowUp>
        rowKey="id"
        data={followUps.data?.list ?? []}
        loading={followUps.loading}
        pagination={false}
        border={{ wrapper: true, cell: false }}
        noDataElement={<span>暂无跟进</span>}
        columns={[
          { title: '时间', dataIndex: 'at', width: 150, render: dateTime },
          { title: '跟进人', dataIndex: 'userName', width: 100, render: orDash },
          { title: '内容', dataIndex: 'content' },
        ]}
      />
    </DetailSection>
  );
}

/** The facts only a sale has, or only a lease. */
function tradeItems(listing: ListingDetail, trade: Trade) {
  if (trade.code === 2) {
    return [
      { label: '出租方式', value: enumText('rentType', listing.rentType) },
      { label: '付款方式', value: enumText('rentPayment', listing.paymentTerms) },
      { label: '可入住日期', value: orDash(listing.availableFrom) },
      {
        label: '家具家电',
        value: listing.facilities.map((code) => enumText('rentalFacility', code)).join('、') || '—',
      },
    ];
  }
  return [
    { label: '产权年限', value: enumText('propertyTerm', listing.propertyTerm) },
    { label: '建筑类型', value: enumText('buildingType', listing.buildingType) },
    { label: '建筑结构', value: enumText('buildingStructure', listing.buildingStructure) },
    { label: '供暖', value: enumText('heatingType', listing.heating) },
    { label: '用水', value: enumText('waterType', listing.water) },
    { label: '用电', value: enumText('electricityType', listing.electricity) },
  ];
}

/**
 * 二手房详情 (/work/house/old/detail/:id) and 租房详情 (/work/house/rental/detail/:id): the
 * listing, its owner, roles, key (钥匙), follow-ups, viewings, matching customers and history.
 */
export default function ListingDetailPage({ route }: PageProps) {
  const trade = tradeOf(route);
  const api = trade.api;
  const id = Number(useParams().id);
  const nav = useNav();
  const table = useMenuStore((state) => state.routeTable);
  const [reasonFor, setReasonFor] = useState<string | undefined>();
  const me = useUserStore((state) => state.info?.userId) ?? undefined;
  const [revealed, setRevealed] = useState(false);
  const detail = useRead(() => api.detail(id));
  // Each reveal is on file: asked once per click, never again on its own.
  const phone = useReveal(() => (revealed ? api.revealPhone(id) : Promise.resolve(null)), revealed);
  const listing = detail.data;
  const editPath = relatedPath(table, route, `${trade.family}/edit`, id);
  const name = listing ? `${listing.communityName} ${listing.roomLabel}` : route.meta.title;

  const take = (action: string, label: string) => {
    if (houseActionReasons(action, trade.code)) {
      setReasonFor(action);
      return;
    }
    const run = () => (action === 'claim' ? api.claim(id) : api.move(id, action));
    // Taking it off the market says, from core's table, who may bring it back.
    const closing = houseClosingNotice(action, trade.code);
    const after = action === 'claim' ? '认领后由您维护。' : closing ? `${closing}。` : '';
    confirmAction({
      title: label,
      content: `确定对「${name}」（房源编号${id}）执行「${label}」吗？${after}`,
      danger: closing !== undefined,
      onOk: () => run().then(() => Message.success(`${label}成功`)),
    });
  };

  const ownerPhone = (revealed && phone.data?.ownerPhone) || listing?.ownerPhone;
  const held = listing && heldNotice(listing, me, trade);
  // 转公盘's dialog says what becomes of the key: read as it opens.
  const releaseKey = useRead(() => (reasonFor === 'release' ? api.key(id) : Promise.resolve(null)), reasonFor);

  return (
    <DetailPage
      testId={`${trade.family}-house-detail`}
      title={name}
      subject={listing ? name : undefined}
      badges={listing && <ListingStatusTag status={listing.status} pool={listing.pool} trade={trade} />}
      loading={!listing}
      error={detail.error}
      extra={
        listing && (
          <Space wrap>
            {listing.offeredActions.map((action) => {
              const label = enumText(trade.actions, action);
              return (
                <Button
                  key={action}
                  type={action === 'claim' ? 'primary' : 'secondary'}
                  onClick={() => take(action, label)}
                  data-testid={`house-action-${action}`}
                >
                  {label}
                </Button>
              );
            })}
            {editPath && listing.mayEdit && (
              <Permission action="edit">
                <Button
                  type="primary"
                  icon={<IconEdit />}
                  onClick={() => nav.push(editPath)}
                  data-testid={`${trade.family}-house-edit`}
                >
                  编辑
                </Button>
              </Permission>
            )}
          </Space>
        )
      }
    >
      {listing && (
        <>
          {listing.dropNotice && <Alert type="warning" content={listing.dropNotice} style={{ marginBottom: 12 }} />}
          {held && <Alert type="warning" content={held} style={{ marginBottom: 12 }} data-testid="listing-held-notice" />}
          <DetailSection
            title="房源信息"
            items={[
              { label: '小区', value: listing.communityName },
              { label: '房号', value: listing.roomLabel },
              { label: '区域', value: [listing.districtName, listing.businessCircleName].filter(Boolean).join(' · ') },
              { label: '户型', value: layoutText(listing) },
              { label: '建筑面积', value: areaText(listing.area) },
              { label: '楼层', value: floorText(listing) },
              { label: '朝向', value: enumText('orientation', listing.orientation) },
              { label: '装修', value: enumText('decoration', listing.decoration) },
              { label: trade.priceLabel, value: trade.priceText(listing.price) },
              { label: trade.unitLabel, value: trade.unitText(listing.unitPrice) },
              ...tradeItems(listing, trade),
              {
                label: '标签',
                value:
                  listing.tags.length > 0 ? (
                    <Space size={4} wrap>
                      {listing.tags.map((tag) => (
                        <Tag key={tag} size="small" color="arcoblue">
                          {enumText(trade.tags, tag)}
                        </Tag>
                      ))}
                    </Space>
                  ) : (
                    '—'
                  ),
              },
              {
                label: '看房时间',
                value: <span data-testid="listing-viewing-slots">{viewingSlotsText(listing.viewingSlots, '—')}</span>,
              },
              { label: '录入时间', value: dateTime(listing.createdAt) },
            ]}
          />
          <PhotoGallery trade={trade} listingId={listing.id} />
          <DetailSection title="位置">
            <LocationMap lng={listing.lng} lat={listing.lat} title={name} />
          </DetailSection>
          {listing.description && (
            <DetailSection title="房源描述">
              <p style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{listing.description}</p>
            </DetailSection>
          )}
          <DetailSection
            title="业主信息"
            items={[
              { label: '业主姓名', value: listing.ownerName },
              {
                label: '业主电话',
                value: (
                  <Space>
                    <span data-testid="owner-phone">{ownerPhone}</span>
                    {listing.phoneAccess === 'reveal' && !revealed && (
                      <Button
                        size="mini"
                        icon={<IconEye />}
                        onClick={() => setRevealed(true)}
                        data-testid="owner-phone-reveal"
                      >
                        查看
                      </Button>
                    )}
                  </Space>
                ),
              },
              {
                label: '备用电话',
                value: orDash((revealed && phone.data?.ownerPhone2) || listing.ownerPhone2),
              },
            ]}
          />
          <DetailSection
            title="房源角色"
            items={(() => {
              // 维护人 and 录入人 of the row, unless the city's roles of those names hold people.
              const lines = roleLines(listing);
              const held = (label: string) => lines.some((line) => line.label === label);
              return [
                ...(held('维护人') ? [] : [{ label: '维护人', value: orDash(listing.maintainerName) }]),
                { label: '所属门店', value: orDash(listing.storeName) },
                ...(held('录入人') ? [] : [{ label: '录入人', value: orDash(listing.enteredByName) }]),
                ...lines,
              ];
            })()}
          />
          <ListingKeySection trade={trade} listingId={listing.id} />
          <FollowUps listing={listing} trade={trade} />
          <ListingViewings listingId={listing.id} />
          <ListingMatches listingId={listing.id} />
          <DetailSection title="状态记录">
            <StatusHistory history={listing.history} />
          </DetailSection>
          <FormModal<ReasonValues>
            title={reasonFor ? enumText(trade.actions, reasonFor) : ''}
            visible={reasonFor !== undefined}
            fields={reasonFor ? reasonFields(reasonFor, trade) : []}
            onSubmit={(values) =>
              api.transition({ id, action: reasonFor ?? '', reason: values.reason, remark: values.remark ?? '' })
            }
            onClose={() => setReasonFor(undefined)}
            successText={reasonFor ? `${enumText(trade.actions, reasonFor)}成功` : undefined}
            testId="house-reason-form"
            // The keeper is told before confirming that they cannot lift it themselves.
            notice={
              reasonFor === 'release'
                ? releaseKeyNotice(releaseKey.data)
                : reasonFor && listing.maintainerId === me
                  ? holdWarning(reasonFor, trade)
                  : undefined
            }
          />
        </>
      )}
    </DetailPage>
  );
}
