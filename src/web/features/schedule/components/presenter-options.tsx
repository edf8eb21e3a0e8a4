import { usePresenterChoices } from '../bookings-api';

/** The `<option>`s of a presenter picker (schedule managers), after one first option of the caller's. */
export function PresenterOptions({ first }: { first: string }) {
  const presenters = usePresenterChoices();
  return (
    <>
      <option value="">{first}</option>
      {(presenters.data ?? []).map((p) => (
        <option key={p.id} value={p.id}>
          {p.name}
        </option>
      ))}
    </>
  );
}
