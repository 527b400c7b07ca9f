export default function MembershipRenew() {
  return null;
}
