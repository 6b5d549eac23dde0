import CrudScreen from '../crud/CrudScreen';

/** Until its hand-made screen lands, the generic screen. */
export default function PluginView({ entityKey = '' }: { entityKey?: string }) {
  return <CrudScreen entityKey={entityKey} />;
}
