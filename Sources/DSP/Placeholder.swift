public struct Placeholder {}
