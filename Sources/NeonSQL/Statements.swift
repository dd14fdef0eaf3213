public enum Statements {}
