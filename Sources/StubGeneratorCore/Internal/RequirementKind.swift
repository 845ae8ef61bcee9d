/// The three shapes of requirement a stub member can take.
enum RequirementKind {
    case function, property, `subscript`
}
