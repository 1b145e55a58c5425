import { useParams } from 'react-router-dom';
import { Table, Tag, Typography } from '@arco-design/web-react';
import { newHomeApi, type CommissionRule, type HouseType } from '../../../api/house/newHome';
import { useRead } from '../../../api/useRead';
import { DetailPage, DetailSection } from '../../../components/detail/DetailPage';
import { isRecordId } from '../../../components/detail/recordId';
import { Empty } from '../../../components/Empty';
import { enumText } from '../../../components/enums';
import { LocationMap } from '../../../components/map/LocationMap';
import type { PageProps } from '../../registry';
import { orDash } from '../../org/shared/format';
import {
  areaText,
  averagePriceText,
  commissionText,
  layoutText,
  periodText,
  termText,
  totalPriceText,
} from '../shared/newHomeText';

const NOT_FOUND = new Error('数据不存在或已被删除');

/**
 * 新房详情 (/work/newHouse/detail/:id): the project, its house types and selling points, and its
 * commission rules for those allowed to see them (the server leaves them out for the others).
 */
export default function NewHomeDetailPage({ route }: PageProps) {
  const raw = useParams().id;
  const valid = isRecordId(raw);
  const id = Number(raw);
  const { data: project, error } = useRead(() => (valid ? newHomeApi.detail(id) : Promise.reject(NOT_FOUND)), id);

  return (
    <DetailPage
      testId="newHome-detail"
      title={project?.name ?? route.meta.title}
      badges={project && <Tag color="green">{enumText('saleStatus', project.saleStatus)}</Tag>}
      loading={!project}
      error={valid ? error : NOT_FOUND}
      subject={project?.name}
    >
      {project && (
        <>
          <DetailSection
            title="楼盘信息"
            items={[
              { label: '楼盘名称', value: project.name },
              { label: '物业类型', value: enumText('propertyTypeMap', project.propertyType) },
              { label: '销售状态', value: enumText('saleStatus', project.saleStatus) },
              { label: '区域/商圈', value: [project.districtName, project.circleName].filter(Boolean).join(' · ') },
              { label: '均价', value: averagePriceText(project) },
              { label: '开盘日期', value: orDash(project.openingDate) },
              { label: '产权年限', value: termText(project.propertyTerm) },
              { label: '开发商', value: orDash(project.developer) },
              { label: '楼盘地址', value: project.address },
            ]}
          />
          <DetailSection title="位置">
            <LocationMap lng={project.lng} lat={project.lat} title={project.name} />
          </DetailSection>
          <DetailSection title="楼盘卖点">
            {project.sellingPoints ? (
              <div data-testid="newHome-selling-points">
                {project.sellingPoints
                  .split(/[；;\n]/)
                  .map((point) => point.trim())
                  .filter(Boolean)
                  .map((point) => (
                    <Tag key={point} color="arcoblue" style={{ margin: '0 8px 8px 0' }}>
                      {point}
                    </Tag>
                  ))}
              </div>
            ) : (
              <Empty />
            )}
          </DetailSection>
          <DetailSection title={`户型（${project.houseTypes.length}）`}>
            <Table<HouseType>
              data-testid="newHome-house-types"
              rowKey="id"
              pagination={false}
              data={project.houseTypes}
              noDataElement={<Empty />}
              columns={[
                { title: '户型名称', dataIndex: 'name' },
                { title: '室厅卫', render: (_: unknown, t: HouseType) => layoutText(t) },
                { title: '建筑面积', render: (_: unknown, t: HouseType) => areaText(t.areaMin, t.areaMax) },
                { title: '总价', render: (_: unknown, t: HouseType) => totalPriceText(t) },
                { title: '销售状态', dataIndex: 'saleStatus', render: (status: number) => enumText('saleStatus', status) },
              ]}
            />
          </DetailSection>
          {project.commissionRules && (
            <DetailSection title="佣金规则">
              <Table<CommissionRule>
                data-testid="newHome-commission"
                rowKey="id"
                pagination={false}
                data={project.commissionRules}
                noDataElement={<Empty />}
                columns={[
                  { title: '佣金方式', dataIndex: 'kind', render: (kind: number) => enumText('commissionKind', kind) },
                  { title: '佣金', render: (_: unknown, r: CommissionRule) => commissionText(r) },
                  { title: '有效期', render: (_: unknown, r: CommissionRule) => periodText(r) },
                  {
                    title: '状态',
                    dataIndex: 'current',
                    render: (current: boolean) => (current ? <Tag color="green">生效中</Tag> : <Tag>未生效</Tag>),
                  },
                ]}
              />
              <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
                成交时按签约日所在有效期的规则计佣。
              </Typography.Paragraph>
            </DetailSection>
          )}
        </>
      )}
    </DetailPage>
  );
}
