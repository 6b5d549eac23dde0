import CrudScreen from '../crud/CrudScreen';

/** Until its hand-made screen lands, the generic screen. */
export default function RequestLogView({ entityKey = '' }: { entityKey?: string }) {
  return <CrudScreen entityKey={entityKey} />;
}
