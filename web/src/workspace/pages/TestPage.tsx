/** Placeholder until its screen is built. */
import Placeholder from '../../pages/Placeholder';

export default function TestPage() {
  return <Placeholder />;
}
