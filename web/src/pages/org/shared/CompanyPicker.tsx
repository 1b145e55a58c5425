import { Select } from '@arco-design/web-react';
import type { CompanyOption } from '../../../api/org/org';

/** Which company a tree screen shows, for callers above a single company. */
export function CompanyPicker({
  companies,
  value,
  onChange,
}: {
  companies: CompanyOption[];
  value?: number;
  onChange: (id: number) => void;
}) {
  return (
    <Select
      style={{ width: 200 }}
      placeholder="请选择公司"
      value={value}
      showSearch
      options={companies.map((company) => ({ label: company.name, value: company.id }))}
      onChange={onChange}
      data-testid="company-picker"
    />
  );
}
