import { UnderConstruction } from '../../../components/UnderConstruction';

/** /useInfo: an open page outside the workspace layout. */
export default function UseInfoPage() {
  return (
    <div className="standalone-page">
      <UnderConstruction title="使用说明" />
    </div>
  );
}
